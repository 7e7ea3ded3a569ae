# Lighthouse lamp logs: (lamp hours, fuel litres) float32 pairs in fixed-length binary records.
# From tensorflow/tensorflow issue #4535 "Feature: Ability to restart, reopen or reset a queue"
# (after mrry's Stack Overflow answer: a closed queue cannot be reopened, but a new Session over
# the same graph starts with fresh queues).  The asker's evaluation runs exactly one epoch per
# session; here two sessions each read the whole log.
import os
import numpy as np
import tensorflow.compat.v1 as tf

RECORD_BYTES = 2 * 4


def main(data_dir):
    folder = os.path.join(data_dir, "h62_lighthouse_lamps")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(4535)
    path = os.path.join(folder, "lamp_log.bin")
    rows = np.stack([np.arange(8, dtype=np.float32) * 12.5,
                     rng.uniform(1, 9, size=8).astype(np.float32)], axis=1)
    rows.astype("<f4").tofile(path)

    fq = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES)
    key, value = reader.read(fq)
    rec = tf.decode_raw(value, tf.float32)
    rec = tf.reshape(rec, [2])
    hours, litres = rec[0], rec[1]
    hours_b, litres_b = tf.train.batch([hours, litres], batch_size=2)
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())

    batches = []
    per_session = []
    for run in range(2):
        sess = tf.Session()
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        n = 0
        try:
            while not coord.should_stop():
                h, l = sess.run([hours_b, litres_b])
                batches.append([[run] * len(h), np.round(h, 2).tolist(), np.round(l, 3).tolist()])
                n += len(h)
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
            sess.close()
        per_session.append(n)
    return {"batches": batches, "end": {"records_per_session": per_session}}
