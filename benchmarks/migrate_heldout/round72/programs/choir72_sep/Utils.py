import numpy as np


def frame_windows(audio, frame_len, hop):
    '''Cuts a 1-D signal into [num_frames, frame_len] windows'''
    starts = range(0, len(audio) - frame_len + 1, hop)
    return np.stack([audio[s:s + frame_len] for s in starts]).astype(np.float32)
