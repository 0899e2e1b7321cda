import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

function setup(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  render(
    <ConfirmDialog
      open
      title="Delete highlight?"
      message="This cannot be undone."
      confirmLabel="Delete"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onConfirm, onCancel, user: userEvent.setup() };
}

describe('ConfirmDialog', () => {
  it('is a dialog named by its title and described by its message', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Delete highlight?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
  });

  it('confirms and cancels through its buttons', async () => {
    const { user, onConfirm, onCancel } = setup({ cancelLabel: 'Keep it' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('treats Escape as Cancel', async () => {
    const { user, onCancel, onConfirm } = setup();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('starts on Cancel for a destructive action and on the action otherwise', () => {
    setup({ destructive: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('starts on the action when nothing is lost', () => {
    setup({ confirmLabel: 'Resume' });
    expect(screen.getByRole('button', { name: 'Resume' })).toHaveFocus();
  });

  it('while busy: no button works and Escape does not close it', async () => {
    const { user, onCancel } = setup({ busy: true });
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows nothing when closed', () => {
    setup({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
