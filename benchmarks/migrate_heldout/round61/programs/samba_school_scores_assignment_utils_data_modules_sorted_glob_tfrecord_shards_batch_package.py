# Assignment 3 -- samba school parade scores
import os
import tensorflow.compat.v1 as tf

from samba61_lib import utils
from samba61_lib import data


def main(data_dir):
    folder = utils.write_shards(os.path.join(data_dir, 'h61_samba'))
    escola, quesito, notas, total = data.inputs(folder)

    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    step = 0
    try:
        while not coord.should_stop():
            e, q, n, t = sess.run([escola, quesito, notas, total])
            batches.append([e.tolist(), [x.decode() for x in q], n.tolist(), [round(v, 4) for v in t.tolist()]])
            step += 1
    except tf.errors.OutOfRangeError:
        pass  # print('Done -- %d steps' % step)
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "escolas: %d" % (step * utils.BATCH_SIZE)}
