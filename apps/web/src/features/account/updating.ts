import { account, type InputOf } from '@marquee/contract';
import { ApiError } from '../../app/api';

/** What the Update Account Details modal is updating (spec 3 §4); feature_me never opens it. */
export type ModalUpdating = Exclude<account.Updating, 'none' | 'feature_me'>;
export type PasswordField = Exclude<ModalUpdating, 'facebook' | 'twitter'>;

export const opensModal = (updating: account.Updating): updating is ModalUpdating =>
  updating !== 'none' && updating !== 'feature_me';

/** Spec 3 §3: a linked-account display of 2 characters or less means nothing is linked. */
export const isLinked = (display: string) => display.trim().length > 2;

/** What the member has typed into the modal. */
export interface Draft {
  first: string;
  last: string;
  value: string;
  confirm: string;
  password: string;
}

export const EMPTY_DRAFT: Draft = { first: '', last: '', value: '', confirm: '', password: '' };

export interface UpdateState {
  updating: account.Updating;
  draft: Draft;
  /** A form error from the server, or the browser's own check, shown inside the modal. */
  error: string | null;
}

export const INITIAL_UPDATE: UpdateState = { updating: 'none', draft: EMPTY_DRAFT, error: null };

export type UpdateAction =
  | { type: 'open'; updating: account.Updating; user: account.AccountUser }
  | { type: 'edit'; changes: Partial<Draft> }
  | { type: 'fail'; error: string }
  | { type: 'close' };

/** The fields start from the member's current details, so a small correction is a small edit. */
export function draftFor(updating: account.Updating, user: account.AccountUser): Draft {
  if (updating === 'name') return { ...EMPTY_DRAFT, first: user.first, last: user.last };
  if (updating === 'imdb') return { ...EMPTY_DRAFT, value: user.imdb };
  if (updating === 'email') return { ...EMPTY_DRAFT, value: user.email };
  if (updating === 'username') return { ...EMPTY_DRAFT, value: user.username };
  return EMPTY_DRAFT;
}

/** Spec 3 §4: back to none on success or when the modal closes, which clears the inputs. */
export function updateReducer(state: UpdateState, action: UpdateAction): UpdateState {
  switch (action.type) {
    case 'open':
      return { updating: action.updating, draft: draftFor(action.updating, action.user), error: null };
    case 'edit':
      return { ...state, draft: { ...state.draft, ...action.changes }, error: null };
    case 'fail':
      return { ...state, error: action.error };
    case 'close':
      return INITIAL_UPDATE;
  }
}

/** The browser's own check before sending (spec 3 §5); the server checks again. */
export function checkDraft(updating: PasswordField, draft: Draft): string | null {
  if (updating === 'password' && draft.value !== draft.confirm) return account.PASSWORD_MISMATCH;
  if (!draft.password) return account.PASSWORD_REQUIRED;
  return null;
}

/** The account/updateUserField input of a draft: a name as { first, last }, a new password with confirm. */
export function fieldInput(updating: PasswordField, draft: Draft): InputOf<typeof account.updateUserField> {
  const { password } = draft;
  switch (updating) {
    case 'name':
      return { field: 'name', value: { first: draft.first, last: draft.last }, password };
    case 'password':
      return { field: 'password', value: draft.value, confirm: draft.confirm, password };
    default:
      return { field: updating, value: draft.value, password };
  }
}

/**
 * Spec 3 §8: the server's form errors (bad input, wrong password, taken, too many tries) show in the
 * modal; everything else (no answer, an ended session, the server's own trouble) is a toast.
 */
export function isFormError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500 && !error.isLoggedOut;
}
