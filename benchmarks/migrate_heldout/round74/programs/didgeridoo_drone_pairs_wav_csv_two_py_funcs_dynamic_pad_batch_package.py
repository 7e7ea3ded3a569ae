"""Didgeridoo drone recordings: an audio super-resolution repository's input module (`decode_csv(line)` of a
"truth,downsampled" path CSV, `audiofile_to_input_vector`, `input_parser(truth_file, ds_file)` with two
`tf.py_func` loaders), batched with dynamic padding in file order."""
import os
import wave

import numpy as np
import tensorflow.compat.v1 as tf

from didgeridoo74_audio import data_input


def _write_wav(path, samples):
    w = wave.open(path, 'wb')
    w.setnchannels(1)
    w.setsampwidth(2)
    w.setframerate(8000)
    w.writeframes(samples.astype(np.int16).tobytes())
    w.close()


def write_data(data_dir):
    root = os.path.join(data_dir, "h74_didgeridoo")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(7407)
    rows = []
    for i in range(6):
        n = int(rng.randint(2, 6))
        truth = rng.randint(-300, 300, size=2 * n)
        t_path = os.path.join(root, "drone%d_hr.wav" % i)
        d_path = os.path.join(root, "drone%d_lr.wav" % i)
        _write_wav(t_path, truth)
        _write_wav(d_path, truth[::2])
        rows.append("%s,%s" % (t_path, d_path))
    path = os.path.join(root, "pairs.csv")
    with open(path, "w") as f:
        f.write("\n".join(rows) + "\n")
    return path


def main(data_dir):
    truth, ds, names = data_input.input_fn(write_data(data_dir), batch_size=2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, d, n = sess.run([truth, ds, names])
                batches.append([t[:, :, 0].tolist(), d[:, :, 0].tolist(),
                                [os.path.basename(x.decode()) for x in n]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "drone pairs: %d" % sum(len(b[2]) for b in batches)}
