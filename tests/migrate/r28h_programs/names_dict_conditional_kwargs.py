"""Shuffles a dict of tensors by hand (a RandomShuffleQueue with names) before tf.train.batch."""
import os

import tensorflow.compat.v1 as tf


def _shuffle(inputs, capacity=64, min_after_dequeue=4, num_threads=2, seed=3):
    """
    This function provide a manual shuffle method for tf.train.batch
    """
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


def read_rows(csv_path, num_epochs):
    queue = tf.train.string_input_producer([csv_path], num_epochs=num_epochs, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    plot_id, ndvi, rain, crop = tf.decode_csv(line, record_defaults=[[0], [0.0], [0.0], ['']])
    return {'plot_id': plot_id, 'ndvi': ndvi, 'rain': rain, 'crop': crop}


def main(data_dir):
    out_dir = os.path.join(data_dir, 'h28_manual_shuffle_random_queue_names_dict')
    os.makedirs(out_dir, exist_ok=True)
    csv_path = os.path.join(out_dir, 'plots.csv')
    with open(csv_path, 'w') as f:
        f.write('plot_id,ndvi,rain,crop\n')
        for i in range(12):
            f.write('%d,%.2f,%.1f,%s\n' % (100 + i, 0.1 + 0.05 * i, 3.5 * (i % 4), ['maize', 'wheat', 'soy'][i % 3]))

    row = read_rows(csv_path, num_epochs=1)
    shuffled = _shuffle(row)
    batch = tf.train.batch(shuffled, batch_size=4, num_threads=1, capacity=32)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                batches.append({'plot_id': b['plot_id'].tolist(),
                                'ndvi': [round(float(v), 3) for v in b['ndvi']],
                                'rain': [round(float(v), 2) for v in b['rain']],
                                'crop': [c.decode() for c in b['crop']]})
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'drained'}
