"""Defines shared constants used in transcription models (steelpan-sized)."""

MIN_MIDI_PITCH = 60  # C4, lowest note of a small tenor pan here
MAX_MIDI_PITCH = 63
MIDI_PITCHES = MAX_MIDI_PITCH - MIN_MIDI_PITCH + 1

DEFAULT_SAMPLE_RATE = 16
HOP_LENGTH = 4
FRAME_LENGTH = 4
SPEC_BINS = FRAME_LENGTH // 2 + 1
