import { Box, Text, useInput } from 'ink';
import { useEffect, useReducer } from 'react';

interface Props {
  username: string;
  onSubmit(code: string): void;
  onCancel(): void;
}

interface State {
  code: string;
  error?: string | undefined;
  done: boolean;
}

type Action = { type: 'text'; text: string } | { type: 'backspace' } | { type: 'enter' };

const CODE_CHARACTER = /[A-Za-z0-9 -]/;
const MAX_LENGTH = 16;
const MISSING = 'Enter the 6-digit code from your authenticator app, or a recovery code';

/** Keys are reduced in order, so an Enter typed before the last key was drawn still sees that key. */
function reduce(state: State, action: Action): State {
  if (state.done) return state;
  switch (action.type) {
    case 'text':
      return { ...state, code: (state.code + action.text).slice(0, MAX_LENGTH) };
    case 'backspace':
      return { ...state, code: state.code.slice(0, -1) };
    case 'enter':
      return state.code.trim() ? { ...state, done: true, error: undefined } : { ...state, error: MISSING };
  }
}

/** The second step of `contrail login`: the code from the authenticator app, or a recovery code. */
export function CodePrompt({ username, onSubmit, onCancel }: Props) {
  const [state, dispatch] = useReducer(reduce, { code: '', done: false });

  useEffect(() => {
    if (state.done) onSubmit(state.code.trim());
  }, [state, onSubmit]);

  useInput((input, key) => {
    if (key.escape) return onCancel();
    if (key.backspace || key.delete) return dispatch({ type: 'backspace' });
    if (key.return) return dispatch({ type: 'enter' });
    const text = [...input].filter((character) => CODE_CHARACTER.test(character)).join('');
    if (text) dispatch({ type: 'text', text });
  });

  return (
    <Box flexDirection="column">
      <Text>
        Two-factor authentication is on for <Text bold>{username}</Text>.
      </Text>
      <Text>
        Code from your authenticator app (or a recovery code): {state.code}
        <Text inverse> </Text>
      </Text>
      {state.error && <Text color="red">{state.error}</Text>}
    </Box>
  );
}
