"""tensorpack-style QueueInput: a Python data flow (batched with its remainder) fed into a FIFOQueue by an
EnqueueThread that captures the default session at start() and runs `op.run(feed_dict=...)` in it."""
import os

import tensorflow as tf

from tpk_lib.dataflow import BatchData, CSVFrames
from tpk_lib.input_source import QueueInput

tf1 = tf.compat.v1
tf1.disable_eager_execution()


def write_log(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'dashcam_telemetry.csv')
    with open(path, 'w') as f:
        f.write('frame,speed,steer,brake,throttle\n')
        for i in range(14):
            f.write('%d,%.1f,%.2f,%d,%.2f\n' % (i, 30 + i * 1.5, (i % 5 - 2) * 0.1, i % 2, 0.25 * (i % 4)))
    return path


def main(data_dir):
    path = write_log(os.path.join(data_dir, 'h24_dashcam_tensorpack_enqueue_thread_default_session'))
    ds = BatchData(CSVFrames(path), 3, remainder=True)
    placehdrs = [tf1.placeholder(tf.float32, [None, 4], 'signals'), tf1.placeholder(tf.int32, [None], 'frame')]
    input_source = QueueInput(ds)
    input_source.setup(placehdrs)
    signals, frames = input_source.get_input_tensors()
    speed_kmh = signals[:, 0] * 1.609

    batches = []
    sess = tf1.Session()
    with sess.as_default():
        input_source.start()
        end = 'steps'
        while True:
            try:
                s, f, k = sess.run([signals, frames, speed_kmh])
            except tf.errors.OutOfRangeError:
                end = 'OutOfRangeError'
                break
            batches.append({'frame': f.tolist(), 'signals': s.round(3).tolist(),
                            'kmh': [round(float(v), 3) for v in k]})
    input_source.thread.join()
    sess.close()
    return {'batches': batches, 'end': end}
