"""TF1-style `import tensorflow as tf` (graph mode through `tf.compat.v1`): k readers fill a FIFOQueue of
serialized examples (its QueueRunner), one dequeue feeds the copies, and the copy's number picks the
distortion through a helper two calls deep; `batch_join` without the short batch (180 records in batches of 36)."""

import tensorflow as tf

v1 = tf.compat.v1


def _mark(label, which):
    return label * 10 + which


def _maybe_flip(x, which):
    return tf.reverse(x, axis=[0]) if which in (1, 3) else x


def preprocess(x, label, which):
    return _maybe_flip(x, which), _mark(label, which)


def batch_inputs(files, batch_size, num_readers=2, num_threads=4):
    filename_queue = v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    examples = v1.FIFOQueue(capacity=64, dtypes=[tf.string])
    enqueue_ops = []
    for _ in range(num_readers):
        _, value = v1.TFRecordReader().read(filename_queue)
        enqueue_ops.append(examples.enqueue([value]))
    v1.train.add_queue_runner(v1.train.QueueRunner(examples, enqueue_ops))
    serialized = examples.dequeue()
    outputs = []
    for i in range(num_threads):
        parsed = v1.parse_single_example(serialized, {"x": v1.FixedLenFeature([3], tf.float32),
                                                      "label": v1.FixedLenFeature([], tf.int64)})
        x, label = preprocess(parsed["x"], parsed["label"], i)
        outputs.append([x, label])
    return v1.train.batch_join(outputs, batch_size=batch_size, capacity=128)


def main(data_dir):
    files = sorted(v1.gfile.Glob(data_dir + "/records-*.tfrecord"))
    x, label = batch_inputs(files, 36)
    batches, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xs, labels = sess.run([x, label])
                batches.append([xs.tolist(), labels.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
