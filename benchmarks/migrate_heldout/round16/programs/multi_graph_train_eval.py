"""Train and eval as separate graphs (the cifar10_train / cifar10_eval split in one script): the same input
builder runs once in each graph, each graph gets its own session and reads its own files."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import FixedLengthRecordReader, Graph, Session, train


def build_pipeline(files, batch_size):
    queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = FixedLengthRecordReader(record_bytes=8, header_bytes=4)
    _, value = reader.read(queue)
    record = tf.decode_raw(value, tf.int32)
    image = tf.reshape(tf.cast(record[:1], tf.float32) * 0.5, [1])
    label = record[1] % 10
    return train.batch([image, label], batch_size=batch_size, allow_smaller_final_batch=True)


def run_graph(files, batch_size):
    graph = Graph()
    with graph.as_default():
        images, labels = build_pipeline(files, batch_size)
        init = tf.local_variables_initializer()
    batches = []
    sess = Session(graph=graph)
    sess.run(init)
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            x, y = sess.run([images, labels])
            batches.append([x.tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return batches


def main(data_dir):
    train_files = [os.path.join(data_dir, "fixed-%d.bin" % i) for i in (0, 1)]
    eval_files = [os.path.join(data_dir, "fixed-2.bin")]
    train_batches = run_graph(train_files, batch_size=5)
    eval_batches = run_graph(eval_files, batch_size=4)
    return {"batches": train_batches + eval_batches, "end": [len(train_batches), len(eval_batches)]}
