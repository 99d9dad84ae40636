import { describe, expect, it } from 'vitest';
import { emptyAlertForm } from './alert-entity.ts';

/** The demo operator's default language (the settings before an administrator changes them). */
const ZA = { defaultLanguage: 'en-ZA' };

import { alertDifferences, mergeAlertForms } from './alert-merge.ts';
import { fillPlaceholders, refillTemplate } from './alert-template-fill.ts';
import { checkText, textBlocks, unfilledPlaceholders } from './alert-text-checks.ts';

const LIMITS = { headerWarnChars: 100, descriptionWarnChars: 1200, maxChars: 10_000 };
const NOW = new Date('2025-09-23T10:00:00Z');

describe('alert texts before saving', () => {
  it('names each unfilled placeholder and what fills it', () => {
    expect(unfilledPlaceholders('{route}: lift out of order until {until}; {route}')).toEqual([
      'route',
      'until',
    ]);
    expect(checkText('{route}: delays of {minutes} min', 'header', LIMITS).error).toBe(
      'Not filled yet: {route} (choose a route below), {minutes} (replace it with the words riders should read). Riders would read the braces: publishing waits until it is filled.',
    );
  });

  it('warns above the rule’s threshold and refuses above the feed’s limit', () => {
    expect(checkText('x'.repeat(100), 'header', LIMITS)).toEqual({});
    expect(checkText('x'.repeat(101), 'header', LIMITS).warning).toBe(
      '101 characters: journey planners cut headers longer than 100; move the details to the description.',
    );
    expect(checkText('x'.repeat(1201), 'description', LIMITS).warning).toBe(
      '1 201 characters: keep it under 1 200 and link to a page for the rest.',
    );
    expect(checkText('x'.repeat(10_001), 'other', LIMITS).error).toBe(
      '10 001 characters: the feed takes at most 10 000. Shorten it, and link to a page for the rest.',
    );
    const form = emptyAlertForm('America/Los_Angeles', ZA, NOW);
    form.texts['en-ZA']!.description = 'y'.repeat(10_001);
    form.texts['en-ZA']!.header = '{route}';
    expect(textBlocks(form, LIMITS)).toEqual({ tooLong: true, placeholders: true });
  });

  it('fills a template again when the route or period changes, unless the controller rewrote the text', () => {
    const template = {
      texts: {
        'en-ZA': {
          headerText: '{route}: lift out of order until {until}',
          descriptionText: 'Use the stairs.',
          url: '',
        },
      },
    };
    const before = { route: '', until: '' };
    const after = { route: 'Northern Line', until: '18:00' };
    const form = emptyAlertForm('America/Los_Angeles', ZA, NOW);
    form.texts['en-ZA']!.header = fillPlaceholders(template.texts['en-ZA'].headerText, before);
    expect(refillTemplate(form, template, before, after).texts['en-ZA']!.header).toBe(
      'Northern Line: lift out of order until 18:00',
    );
    form.texts['en-ZA']!.header = 'My own words';
    expect(refillTemplate(form, template, before, after).texts['en-ZA']!.header).toBe('My own words');
  });
});

describe('a conflict: the controller’s entries on top of a colleague’s version', () => {
  it('keeps the fields the controller changed and takes the colleague’s others', () => {
    const original = emptyAlertForm('America/Los_Angeles', ZA, NOW);
    original.texts['en-ZA'] = {
      ...original.texts['en-ZA']!,
      header: 'Lift out of order',
      description: 'Use the ramp.',
    };
    const mine = structuredClone(original);
    mine.texts['en-ZA']!.header = 'Lift out of order until 14:00';
    const theirs = structuredClone(original);
    theirs.texts['en-ZA']!.description = 'Use the ramp at the north entrance.';
    theirs.cause = 'TECHNICAL_PROBLEM';
    const merged = mergeAlertForms(original, mine, theirs);
    expect(merged.texts['en-ZA']!.header).toBe('Lift out of order until 14:00');
    expect(merged.texts['en-ZA']!.description).toBe('Use the ramp at the north entrance.');
    expect(merged.cause).toBe('TECHNICAL_PROBLEM');
    expect(alertDifferences(mine, theirs).map((d) => d.field)).toEqual([
      'Header (en-ZA)',
      'Description (en-ZA)',
      'Cause',
    ]);
  });
});
