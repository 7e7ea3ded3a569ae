import os
import wave
import numpy as np


def write_wav(path, samples, rate):
    data = (np.asarray(samples) * 32767).astype('<i2')
    w = wave.open(path, 'wb')
    w.setnchannels(1)
    w.setsampwidth(2)
    w.setframerate(rate)
    w.writeframes(data.tobytes())
    w.close()


def read_wav(path):
    w = wave.open(path, 'rb')
    n = w.getnframes()
    data = np.frombuffer(w.readframes(n), dtype='<i2').astype(np.float32) / 32767.0
    rate = w.getframerate()
    w.close()
    return data, rate


def make_court_recordings(folder, rate=8000):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(2017)
    for shot in ('forehand', 'backhand', 'serve'):
        sub = os.path.join(folder, shot)
        if not os.path.isdir(sub):
            os.makedirs(sub)
        for take in range(2):
            write_wav(os.path.join(sub, 'take%d.wav' % take), np.round(rng.uniform(-0.5, 0.5, 16), 2), rate)
