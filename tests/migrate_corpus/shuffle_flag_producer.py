"""An input_fn with is_training=False by default: string_input_producer(shuffle=is_training), a reader made
inline, the batch by keyword tensors=; a second, slice-based eval input whose shuffle comes from a config."""

import tensorflow as tf

v1 = tf.compat.v1


class EvalConfig:
    shuffle = False
    epochs = 1


def input_fn(filenames, batch_size, is_training=False, epochs=1):
    queue = v1.train.string_input_producer(filenames, num_epochs=epochs, shuffle=is_training, seed=3)
    _, serialized = v1.TFRecordReader().read(queue)
    parsed = v1.parse_single_example(serialized, {"x": v1.FixedLenFeature([3], tf.float32),
                                                  "label": v1.FixedLenFeature([], tf.int64)})
    return v1.train.batch(tensors=[parsed["x"], parsed["label"]], batch_size=batch_size,
                          allow_smaller_final_batch=True)


def eval_input(cfg):
    rows = [[i, 2 * i] for i in range(10)]
    row, = v1.train.slice_input_producer([rows], shuffle=cfg.shuffle, num_epochs=cfg.epochs)
    return v1.train.batch([row * 3], batch_size=4, allow_smaller_final_batch=True)


def _drain(sess, tensors):
    out = []
    try:
        while True:
            values = sess.run(tensors)
            out.append([v.tolist() for v in values] if isinstance(values, list) else [values.tolist()])
    except tf.errors.OutOfRangeError:
        return out


def main(data_dir):
    files = sorted(v1.gfile.Glob(data_dir + "/records-*.tfrecord"))
    train = input_fn(files, 16)
    rows = eval_input(EvalConfig())
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        batches = _drain(sess, train)
        batches += _drain(sess, rows)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
