import { describe, expect, it } from 'vitest';
import { account } from '@marquee/contract';
import { ApiError } from '../../app/api';
import {
  EMPTY_DRAFT,
  INITIAL_UPDATE,
  checkDraft,
  fieldInput,
  isFormError,
  isLinked,
  opensModal,
  updateReducer,
} from './updating';

const user: account.AccountUser = {
  first: 'Ada',
  last: 'Lovelace',
  email: 'ada@example.test',
  imdb: 'https://www.imdb.com/name/nm0000001/',
  facebook_display: '',
  twitter_display: '<a href="/sim/x/ada">(@ada)</a>',
  username: 'ada',
  feature_me: false,
};

describe('the updating state (spec 3 §4)', () => {
  it('opens with the current details filled in, and returns to none with cleared inputs', () => {
    const open = updateReducer(INITIAL_UPDATE, { type: 'open', updating: 'name', user });
    expect(open).toMatchObject({ updating: 'name', draft: { first: 'Ada', last: 'Lovelace', password: '' } });
    const typed = updateReducer(open, { type: 'edit', changes: { password: 'secret' } });
    const failed = updateReducer(typed, { type: 'fail', error: 'Wrong' });
    expect(failed.error).toBe('Wrong');
    expect(updateReducer(failed, { type: 'edit', changes: { first: 'A' } }).error).toBeNull();
    expect(updateReducer(failed, { type: 'close' })).toEqual({
      updating: 'none',
      draft: EMPTY_DRAFT,
      error: null,
    });
  });

  it('opens the modal for every state but none and feature_me', () => {
    expect(account.UPDATING.filter(opensModal)).toEqual([
      'name',
      'imdb',
      'email',
      'username',
      'password',
      'facebook',
      'twitter',
    ]);
  });
});

describe('checkDraft and fieldInput (spec 3 §5)', () => {
  it('asks for matching new passwords with the spec’s text, and for the current password', () => {
    const draft = { ...EMPTY_DRAFT, value: 'new-one-1', confirm: 'new-one-2', password: 'old' };
    expect(checkDraft('password', draft)).toBe('The values for your new password do not match each other!');
    expect(checkDraft('email', { ...draft, password: '' })).toBe(account.PASSWORD_REQUIRED);
    expect(checkDraft('password', { ...draft, confirm: 'new-one-1' })).toBeNull();
  });

  it('sends a name as first and last, and a new password with its confirmation', () => {
    const draft = { first: 'A', last: 'B', value: 'v', confirm: 'c', password: 'p' };
    expect(fieldInput('name', draft)).toEqual({
      field: 'name',
      value: { first: 'A', last: 'B' },
      password: 'p',
    });
    expect(fieldInput('password', draft)).toEqual({
      field: 'password',
      value: 'v',
      confirm: 'c',
      password: 'p',
    });
    expect(fieldInput('imdb', draft)).toEqual({ field: 'imdb', value: 'v', password: 'p' });
  });
});

describe('where errors show (spec 3 §8)', () => {
  it('keeps the server’s form errors in the modal and toasts the rest', () => {
    expect(isFormError(new ApiError('Taken', 'error', 409))).toBe(true);
    expect(isFormError(new ApiError('Wrong', 'error', 403))).toBe(true);
    expect(isFormError(new ApiError('Ended', 'error', 401, 'logged_out'))).toBe(false);
    expect(isFormError(new ApiError('Down', 'error', 503))).toBe(false);
    expect(isFormError(new ApiError('No answer', 'network', 0))).toBe(false);
  });

  it('reads a display of 2 characters or less as not linked', () => {
    expect(isLinked(user.twitter_display)).toBe(true);
    expect(isLinked(user.facebook_display)).toBe(false);
    expect(isLinked(' - ')).toBe(false);
  });
});
