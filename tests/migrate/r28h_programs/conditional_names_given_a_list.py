"""The round-28 helper given a list of two tensors: its ``names`` is None, a plain queue of two components."""
import os

import tensorflow.compat.v1 as tf


def _shuffle(inputs, capacity=64, min_after_dequeue=4, num_threads=2, seed=3):
    if isinstance(inputs, dict):
        names, dtypes = zip(*[(key, input_.dtype) for key, input_ in inputs.items()])
        shapes = [inputs[k].get_shape() for k in names]
    else:
        names = None
        dtypes = [input_.dtype for input_ in inputs]
        shapes = [input_.get_shape() for input_ in inputs]

    queue = tf.RandomShuffleQueue(
        capacity, min_after_dequeue, dtypes, shapes=shapes, seed=seed,
        **({'names': names} if names is not None else {}))
    enqueue_op = queue.enqueue(inputs)
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op] * num_threads))
    output = queue.dequeue()
    if isinstance(output, dict):
        for key in output:
            output[key].set_shape(inputs[key].get_shape())
    return output


def main(data_dir):
    out_dir = os.path.join(data_dir, 'r28h_conditional_names_list')
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, 'rows.csv')
    with open(path, 'w') as f:
        for i in range(9):
            f.write('%d,%.1f\n' % (i, i / 2.0))
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    ident, value = tf.decode_csv(line, record_defaults=[[0], [0.0]])
    ident, value = _shuffle([ident, value], capacity=32)
    batch = tf.train.batch([ident, value], batch_size=3)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, v = sess.run(batch)
                out.append({'id': i.tolist(), 'v': v.tolist()})
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': 'drained'}
