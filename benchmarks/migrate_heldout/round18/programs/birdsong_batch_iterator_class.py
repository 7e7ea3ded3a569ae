"""Bird calls: int16 clips with a species code in fixed-length records; the session loop is a Python iterator
class (`__iter__` / `__next__`, StopIteration on OutOfRangeError) used in a `for` loop."""
import os
import struct

import tensorflow.compat.v1 as tf

SAMPLES = 16
RECORD_BYTES = 2 * (SAMPLES + 1)


def write_clips(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "calls.bin")
    with open(path, "wb") as out:
        for clip in range(14):
            samples = [((clip * 97 + s * 311) % 2001) - 1000 for s in range(SAMPLES)]
            out.write(struct.pack("<%dh" % (SAMPLES + 1), *(samples + [clip % 4])))
    return path


def decode_call(value):
    raw = tf.reshape(tf.decode_raw(value, tf.int16), [SAMPLES + 1])
    audio = tf.cast(raw[:SAMPLES], tf.float32) / 32768.0
    species = tf.cast(raw[SAMPLES], tf.int32)
    rms = tf.sqrt(tf.reduce_mean(tf.square(audio)))
    return audio, species, rms


class BatchIterator(object):
    """Yields fetched batches until the input queues are exhausted."""

    def __init__(self, sess, fetches):
        self.sess = sess
        self.fetches = fetches

    def __iter__(self):
        return self

    def __next__(self):
        try:
            return self.sess.run(self.fetches)
        except tf.errors.OutOfRangeError:
            raise StopIteration


def main(data_dir):
    path = write_clips(os.path.join(data_dir, "h18_birds"))
    queue = tf.train.string_input_producer([path], num_epochs=2, shuffle=False)
    _, value = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES).read(queue)
    audio, species, rms = decode_call(value)
    fetches = tf.train.batch([audio, species, rms], batch_size=5, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for audio_b, species_b, rms_b in BatchIterator(sess, fetches):
            batches.append([[[round(float(v), 6) for v in a] for a in audio_b], species_b.tolist(),
                            [round(float(v), 6) for v in rms_b]])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": len(batches)}
