import { Box, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { messages } from '../../../../contracts/index.ts';
import { CopyAction } from './copy-action.tsx';
import classes from './invoice-details.module.css';

const t = messages.invoices;

/**
 * 'Pagar com Pix': the invoice's copia-e-cola as text to copy and as a QR code (decision 077). The text comes first:
 * on a phone, where the portal's own screen cannot be scanned, copying is how one pays, so the QR goes below it.
 */
export function PixPayment({ code }: { code: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="invoice-pix">
      <div className={classes.pix}>
        <Stack gap="sm" className={classes.pixText}>
          <div>
            <Title order={3} fz="md" id="invoice-pix">
              {t.pixTitle}
            </Title>
            <Text fz="sm" c="gray.7">
              {t.pixHint}
            </Text>
          </div>
          <Textarea
            label={t.pixCode}
            value={code}
            readOnly
            autosize
            minRows={2}
            maxRows={6}
            classNames={{ input: classes.code }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div>
            <CopyAction value={code} label={t.copyPix} announce={t.pixCopied} />
          </div>
        </Stack>
        <Box className={classes.qr}>
          {/* Level M survives a glare on the screen; the white frame is the quiet zone the readers need. */}
          <QRCodeSVG value={code} level="M" size={176} marginSize={0} role="img" aria-label={t.pixQr} />
        </Box>
      </div>
    </Paper>
  );
}
