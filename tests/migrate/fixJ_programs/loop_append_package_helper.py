import os

import tensorflow.compat.v1 as tf

from fixj_lib.hits import hit_block


def write_runs(base):
    os.makedirs(base, exist_ok=True)
    names = []
    for run in range(3):
        name = os.path.join(base, "blk%d.txt" % run)
        with open(name, "w") as f:
            for ev in range(4):
                f.write("%d,%.2f\n" % (run * 100 + ev, ev * 1.5))
        names.append(name)
    return names


def main(data_dir):
    files = write_runs(os.path.join(data_dir, "fixj_e"))
    name_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    blocks = []
    for _ in range(2):
        blocks.append(hit_block(name_queue))
    unused = name_queue.dequeue()
    evt, x = tf.train.batch_join(blocks, batch_size=3, capacity=12, enqueue_many=True)
    out = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            e, v = sess.run([evt, x])
            out.append([e.tolist(), v.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": "OutOfRangeError"}
