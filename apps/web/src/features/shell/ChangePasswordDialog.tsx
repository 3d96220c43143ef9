import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { changePasswordFormSchema, type ChangePasswordForm } from '@panel/domain/auth';
import { ApiError, messageOf } from '../../api/client';
import { changePassword } from '../../api/user';
import { t } from '../../texts';
import { toast } from '../../ui/toasts';
import { dialogPaper } from '../../ui/dialogWidths';

const empty: ChangePasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

function isOldPasswordRejection(body: unknown): boolean {
  return Array.isArray(body) && body.some((e) => e && typeof e === 'object' && e.field === 'oldPassword');
}

/** Failure text (001 §8): the server message, else the answer as JSON, else the error text. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    const message = messageOf(error.body);
    if (message) return message;
    if (error.body !== undefined) return typeof error.body === 'string' ? error.body : JSON.stringify(error.body);
  }
  return error instanceof Error ? error.message : String(error);
}

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [oldWrong, setOldWrong] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: empty });

  const handleClose = () => {
    reset(empty);
    setOldWrong(false);
    onClose();
  };

  const onSubmit = async (values: ChangePasswordForm) => {
    setOldWrong(false);
    try {
      await changePassword(values.oldPassword, values.newPassword);
      toast.success(t.password.success);
      handleClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && isOldPasswordRejection(error.body)) {
        setOldWrong(true);
      } else {
        toast.error(failureText(error));
      }
    }
  };

  const field = (name: keyof ChangePasswordForm, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      size="small"
      fullWidth
      autoComplete={autoComplete}
      {...register(name)}
      error={!!errors[name]}
      helperText={errors[name]?.message}
    />
  );

  return (
    <Dialog open={open} onClose={handleClose} maxWidth={false} fullWidth slotProps={dialogPaper('small')}>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle>{t.password.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {oldWrong && <Alert severity="error">{t.password.oldWrong}</Alert>}
            {field('oldPassword', t.password.old, 'current-password')}
            {field('newPassword', t.password.new, 'new-password')}
            {field('confirmPassword', t.password.confirm, 'new-password')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={handleClose}>{t.password.cancel}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t.password.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
