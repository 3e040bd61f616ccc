import { Box, Text, useInput } from 'ink';
import { useState } from 'react';

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

/** Asks for the username, then the password, which is never drawn: not even its length. */
export function LoginPrompt({ url, username: given, onSubmit, onCancel }: Props) {
  const [step, setStep] = useState<'username' | 'password'>(given ? 'password' : 'username');
  const [username, setUsername] = useState(given ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const edit = step === 'username' ? setUsername : setPassword;

  useInput((input, key) => {
    if (key.escape) {
      onCancel();
    } else if (key.return) {
      if (step === 'username') {
        if (!username.trim()) return setError('Username is required');
        setError(undefined);
        setStep('password');
      } else {
        if (!password) return setError('Password is required');
        onSubmit({ username: username.trim(), password });
      }
    } else if (key.backspace || key.delete) {
      edit((value) => value.slice(0, -1));
    } else if (input && !key.ctrl && !key.meta && !key.tab && !key.upArrow && !key.downArrow) {
      edit((value) => value + input);
    }
  });

  return (
    <Box flexDirection="column">
      <Text>
        Sign in to the Contrail engine at <Text bold>{url}</Text>
      </Text>
      <Text>
        Username: {username}
        {step === 'username' && <Text inverse> </Text>}
      </Text>
      {step === 'password' && (
        <Text>
          Password: <Text dimColor>(hidden as you type)</Text>
        </Text>
      )}
      {error && <Text color="red">{error}</Text>}
    </Box>
  );
}
