import os

import tensorflow.compat.v1 as tf

import bonsai53_lib
from bonsai53_lib import logs


def main(data_dir):
    folder = os.path.join(data_dir, "h53_bonsai_watering_log_reader_class_supervisor_managed_session_should_stop_package")
    os.makedirs(folder, exist_ok=True)
    path = logs.write_watering_log(folder)

    reader = bonsai53_lib.WateringLogReader(path, batch_size=2)
    tree, species, litres, days = reader.batch()
    total = tf.Variable(0.0, trainable=False, name="total_litres")
    accumulate = tf.assign_add(total, tf.reduce_sum(litres))

    batches = []
    sv = tf.train.Supervisor(logdir=None)
    with sv.managed_session() as sess:
        while not sv.should_stop():
            t, s, l, d, _ = sess.run([tree, species, litres, days, accumulate])
            batches.append([t.tolist(), [x.decode() for x in s], l.tolist(), d.tolist()])
    return {"batches": batches, "end": "waterings: %d" % sum(len(b[0]) for b in batches)}
