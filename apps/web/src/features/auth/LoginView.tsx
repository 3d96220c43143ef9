import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { loginSchema, type LoginInput } from '@panel/domain/auth';
import { login } from '../../api/auth';
import { ApiError, messageOf } from '../../api/client';
import { fullName, useAuthStore } from '../../stores/authStore';
import { t } from '../../texts';
import { toast, useToastStore } from '../../ui/toasts';
import { AuthCard } from './AuthCard';

export function LoginView() {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = async (values: LoginInput) => {
    try {
      const response = await login(values.username, values.password);
      if (!response?.result || !response.message) {
        toast.error(messageOf(response) ?? t.auth.failure);
        return;
      }
      useAuthStore.getState().login(response);
      useToastStore.getState().dismissAll('error');
      toast.success(t.auth.welcome(fullName(response.user)));
    } catch (error) {
      toast.error((error instanceof ApiError && messageOf(error.body)) || t.auth.failure);
    }
  };

  return (
    <AuthCard>
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField
          label={t.auth.username}
          autoComplete="username"
          autoFocus
          fullWidth
          size="small"
          {...register('username')}
          error={!!errors.username}
          helperText={errors.username?.message}
        />
        <TextField
          label={t.auth.password}
          type="password"
          autoComplete="current-password"
          fullWidth
          size="small"
          {...register('password')}
          error={!!errors.password}
          helperText={errors.password?.message}
        />
        <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
          {t.auth.submit}
        </Button>
      </Stack>
    </AuthCard>
  );
}
