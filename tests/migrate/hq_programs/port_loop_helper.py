"""One file queue and one reader per port, made in a loop whose body then calls a reader helper returning a
list; `batch_join` over the lists; the pipeline function is called twice (train and eval ports), its epoch
count a parameter read by the loop body; `import tensorflow.compat.v1 as tf`; a multiset."""

import os

import tensorflow.compat.v1 as tf


def write(data_dir, names):
    paths = []
    for p, name in enumerate(names):
        path = os.path.join(data_dir, "hq_port_%s.csv" % name)
        with open(path, "w") as f:
            for i in range(6):
                f.write("%s-%d,%d,%.1f\n" % (name, i, 10 * p + i, 0.5 * i))
        paths.append(path)
    return paths


def read_port(filename_queue):
    reader = tf.TextLineReader()
    _, value = reader.read(filename_queue)
    sailing, pax, delay = tf.decode_csv(value, record_defaults=[[""], [0], [0.0]])
    return [sailing, pax * 2, delay]


def inputs(port_files, epochs):
    example_list = []
    for f in port_files:
        q = tf.train.string_input_producer([f], num_epochs=epochs, shuffle=False)
        example_list.append(read_port(q))
    return tf.train.batch_join(example_list, batch_size=3, capacity=20)


def main(data_dir):
    train_b = inputs(write(data_dir, ["dover", "calais"]), 2)
    eval_b = inputs(write(data_dir, ["hull"]), 1)
    out = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for batch in (train_b, eval_b):
            try:
                while True:
                    s, p, d = sess.run(batch)
                    out.append([[x.decode() for x in s], p.tolist(), d.tolist()])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "rows %d" % sum(len(b[0]) for b in out)}
