import { Box, Text, useInput } from 'ink';
import { useEffect, useReducer } from 'react';

export interface Credentials {
  username: string;
  password: string;
}

interface Props {
  url: string;
  /** Asked for only when not given on the command line. */
  username?: string | undefined;
  onSubmit(credentials: Credentials): void;
  onCancel(): void;
}

interface State {
  step: 'username' | 'password' | 'done';
  username: string;
  password: string;
  error?: string | undefined;
}

type Action = { type: 'text'; text: string } | { type: 'backspace' } | { type: 'enter' };

function reduce(state: State, action: Action): State {
  if (state.step === 'done') return state;
  const field = state.step;
  switch (action.type) {
    case 'text':
      return { ...state, [field]: state[field] + action.text };
    case 'backspace':
      return { ...state, [field]: state[field].slice(0, -1) };
    case 'enter':
      if (field === 'username') {
        return state.username.trim()
          ? { ...state, step: 'password', error: undefined }
          : { ...state, error: 'Username is required' };
      }
      return state.password
        ? { ...state, step: 'done', error: undefined }
        : { ...state, error: 'Password is required' };
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * Asks for the username, then the password, which is never drawn: not even its length.
 * A pasted chunk may hold several lines ("admin\r..."): each line break is an Enter, so the
 * password can never land in the (visible) username field.
 */
export function LoginPrompt({ url, username: given, onSubmit, onCancel }: Props) {
  const [state, dispatch] = useReducer(reduce, {
    step: given ? 'password' : 'username',
    username: given ?? '',
    password: '',
  });

  useEffect(() => {
    if (state.step === 'done') onSubmit({ username: state.username.trim(), password: state.password });
  }, [state, onSubmit]);

  useInput((input, key) => {
    if (key.escape) return onCancel();
    if (key.backspace || key.delete) return dispatch({ type: 'backspace' });
    if (key.return) return dispatch({ type: 'enter' });
    if (key.ctrl || key.meta || key.tab || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow) return;
    input.split(/\r\n|\r|\n/).forEach((line, index) => {
      if (index > 0) dispatch({ type: 'enter' });
      const text = line.replace(CONTROL, '');
      if (text) dispatch({ type: 'text', text });
    });
  });

  return (
    <Box flexDirection="column">
      <Text>
        Sign in to the Contrail engine at <Text bold>{url}</Text>
      </Text>
      <Text>
        Username: {state.username}
        {state.step === 'username' && <Text inverse> </Text>}
      </Text>
      {state.step !== 'username' && (
        <Text>
          Password: <Text dimColor>(hidden as you type)</Text>
        </Text>
      )}
      {state.error && <Text color="red">{state.error}</Text>}
    </Box>
  );
}
