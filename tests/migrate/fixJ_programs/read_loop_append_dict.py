import os

import tensorflow.compat.v1 as tf


def write_runs(base):
    os.makedirs(base, exist_ok=True)
    names = []
    for run in range(3):
        name = os.path.join(base, "pulses%d.csv" % run)
        with open(name, "w") as f:
            for ev in range(4):
                f.write("%d,%.1f\n" % (run * 10 + ev, ev * 0.5))
        names.append(name)
    return names


def read_one(queue):
    reader = tf.TextLineReader()
    _, line = reader.read(queue)
    ident, charge = tf.decode_csv(line, record_defaults=[[0], [0.]])
    return {"ident": ident, "charge": charge * 2.0}


def main(data_dir):
    files = write_runs(os.path.join(data_dir, "fixj_b"))
    for epoch in range(1):
        file_queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
        peek = file_queue.dequeue()
        readers = []
        for _ in range(3):
            readers.append(read_one(file_queue))
        batch = tf.train.batch_join(readers, batch_size=4, capacity=16)
    out = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            got = sess.run(batch)
            out.append({k: v.tolist() for k, v in got.items()})
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": "OutOfRangeError"}
