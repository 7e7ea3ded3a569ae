"""Environmental-sound clips as fixed-length records (label + int16 PCM), STFT computed inside the pipeline."""
import os
import struct

import tensorflow as tf

from esc26_lib.audio_config import SAMPLES
from esc26_lib.features import ClipRecordManager

v1 = tf.compat.v1


def write_clips(root):
    os.makedirs(root, exist_ok=True)
    n = 0
    for fold in range(2):
        with open(os.path.join(root, "fold%d.bin" % fold), "wb") as f:
            for _ in range(5):
                samples = [((n * 37 + t * 911) % 4001) - 2000 for t in range(SAMPLES)]
                f.write(struct.pack("<i", n % 3) + struct.pack("<%dh" % SAMPLES, *samples))
                n += 1


def main(data_dir):
    root = os.path.join(data_dir, "h26_esc_clips_fixed_records_stft_spectrogram")
    write_clips(root)
    manager = ClipRecordManager()
    spec, label, key = manager.read(os.path.join(root, "fold*.bin"), batch_size=4)
    energy = tf.reduce_sum(spec, axis=[1, 2])
    batches = []
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess, coord)
        try:
            while True:
                e, s, l, k = sess.run([energy, spec, label, key])
                batches.append([[round(float(x), 4) for x in e], [round(float(x), 4) for x in s[:, 0, 1]],
                                l.tolist(), [os.path.basename(x.decode()) for x in k]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
