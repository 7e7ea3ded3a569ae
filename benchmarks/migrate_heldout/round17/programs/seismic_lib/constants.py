"""Layout of the trace files: a station id (int16), then SAMPLES int16 samples, little-endian."""

SAMPLES = 10
SAMPLE_BYTES = 2
RECORD_BYTES = (1 + SAMPLES) * SAMPLE_BYTES
