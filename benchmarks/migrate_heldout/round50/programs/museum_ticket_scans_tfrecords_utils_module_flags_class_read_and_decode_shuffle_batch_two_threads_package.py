import os

import numpy as np
import tensorflow.compat.v1 as tf

import mus50_lib.utils as utils

FLAGS = utils.FLAGS


def write_scans(out):
    if not os.path.exists(out):
        os.makedirs(out)
    rng = np.random.RandomState(5008)
    files = []
    for day in ("sat", "sun"):
        path = os.path.join(out, "scans_%s.tfrecords" % day)
        writer = tf.python_io.TFRecordWriter(path)
        for k in range(6):
            utils.write_example(writer, 7000 + len(files) * 100 + k, [b"north", b"river", b"atrium"][k % 3],
                                int(rng.randint(540, 1020)), [int(rng.randint(1, 4)), int(rng.randint(0, 4))])
        writer.close()
        files.append(path)
    return files


def main(data_dir):
    filenames = write_scans(os.path.join(data_dir, "h50_museum_ticket_scans"))
    ticket, gate, minute, party = utils.input_pipeline(filenames)

    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    batches = []
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    step = 0
    try:
        while not coord.should_stop():
            t, g, m, p = sess.run([ticket, gate, minute, party])
            batches.append([t.tolist(), [x.decode() for x in g], m.tolist(), p.tolist()])
            if step % 1 == 0:
                print("step %d: %d tickets" % (step, len(t)))
            step += 1
    except tf.errors.OutOfRangeError:
        print("Done: %d epochs, %d steps" % (FLAGS.epochs, step))
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "scans: %d" % sum(len(b[0]) for b in batches)}
