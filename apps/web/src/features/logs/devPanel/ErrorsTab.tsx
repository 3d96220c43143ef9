import { useEffect, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { getErrors } from '../appLog/errorStore';
import { JsonView } from './JsonView';
import { dt } from './texts';

/** The errors the application log's collector keeps (features/logs/appLog), newest last. */
export function collectedErrors(): unknown[] {
  return [...getErrors()];
}

export class TestError extends Error {
  constructor() {
    super(dt.testErrorMessage);
    this.name = 'TestError';
  }
}

/** The button's action: throws (the error collector and the error reporting catch it). */
export function throwTestError(): never {
  throw new TestError();
}

export function ErrorsTab() {
  const [errors, setErrors] = useState(collectedErrors);
  useEffect(() => {
    const timer = setInterval(() => setErrors(collectedErrors()), 2000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Box>
      <Button size="small" variant="contained" color="error" sx={{ mb: 1 }} onClick={() => throwTestError()}>
        {dt.throwTestError}
      </Button>
      {errors && errors.length ? (
        <JsonView testId="devpanel-errors" value={errors} />
      ) : (
        <Typography variant="body2">{dt.noErrors}</Typography>
      )}
    </Box>
  );
}
