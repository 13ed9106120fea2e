import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';

export type StepUpAnswer = { codigo: string } | { senha: string };

/** POST the code, or the password of an operator without a factor: the session is vouched for again. */
export const confirmStepUp = (body: StepUpAnswer) => api.stepUp({ body });

/** Silent: the dialog shows a wrong answer beside the field. */
export const useConfirmStepUp = () => useMutation({ mutationFn: confirmStepUp, meta: { silent: true } });
