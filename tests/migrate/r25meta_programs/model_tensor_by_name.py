"""A model op after the batch looked up by its own name (``get_tensor_by_name("scaled:0")``,
``get_operation_by_name``): no pipeline op's name, so the op is still there once the pipeline is tf.data."""

import os

import tensorflow.compat.v1 as tf


def write(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "values.txt")
    with open(path, "w") as f:
        f.write("".join("%d\n" % k for k in range(12)))
    return path


def main(data_dir):
    files = tf.train.string_input_producer([write(os.path.join(data_dir, "r25meta_model_name"))], num_epochs=1,
                                           shuffle=False)
    _, line = tf.TextLineReader().read(files)
    value = tf.strings.to_number(line, tf.float32)
    batch = tf.train.batch([value], batch_size=4, name="input_batch")
    tf.multiply(batch, 3.0, name="scaled")
    graph = tf.get_default_graph()
    scaled = graph.get_tensor_by_name("scaled:0")
    op_type = graph.get_operation_by_name("scaled").type
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(scaled).tolist(), op_type])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
