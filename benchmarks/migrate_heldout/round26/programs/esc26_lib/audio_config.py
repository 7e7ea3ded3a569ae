"""Record layout and STFT settings of the clip records (a VCC2016-style fixed-length record file)."""
LABEL_BYTES = 4
SAMPLES = 16
FRAME_BYTES = SAMPLES * 2
RECORD_BYTES = LABEL_BYTES + FRAME_BYTES

hparams = {
    "frame_length": 8,
    "frame_step": 4,
    "fft_length": 8,
}
