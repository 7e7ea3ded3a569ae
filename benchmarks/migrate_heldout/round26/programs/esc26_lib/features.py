"""A record manager that reads fixed-length clip records and returns log-magnitude spectrogram batches."""
import tensorflow as tf

from esc26_lib import audio_config as C

v1 = tf.compat.v1


def stft_magnitude(signal):
    stfts = tf.signal.stft(signal, C.hparams["frame_length"], C.hparams["frame_step"], C.hparams["fft_length"],
                           pad_end=False)
    return tf.math.log1p(tf.abs(stfts))


class ClipRecordManager(object):
    """Read tensor batches from the clip records."""

    def __init__(self, ftype="log-spectrum"):
        self.n_files = None
        self.ftype = ftype

    def read(self, file_pattern, batch_size, capacity=64):
        with v1.variable_scope("input"):
            files = sorted(v1.gfile.Glob(file_pattern))
            self.n_files = len(files)
            filename_queue = v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
            reader = v1.FixedLengthRecordReader(C.RECORD_BYTES)
            key, value = reader.read(filename_queue)
            raw = v1.decode_raw(value, tf.uint8)
            label = tf.bitcast(tf.reshape(tf.slice(raw, [0], [C.LABEL_BYTES]), [1, 4]), tf.int32)[0]
            pcm = v1.decode_raw(v1.substr(value, C.LABEL_BYTES, C.FRAME_BYTES), tf.int16)
            pcm.set_shape([C.SAMPLES])
            signal = tf.cast(pcm, tf.float32) / 32768.0
            if self.ftype == "log-spectrum":
                feature = stft_magnitude(signal)
            else:
                feature = signal
            return v1.train.batch([feature, label, key], batch_size=batch_size, capacity=capacity,
                                  num_threads=1, allow_smaller_final_batch=True)
