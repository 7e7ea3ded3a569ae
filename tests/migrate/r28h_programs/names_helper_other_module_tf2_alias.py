"""A dict stage from another module (names= a sorted key list, seed from the caller), tf.compat.v1 spelled out."""
import os

import tensorflow as tf

from r28h_lib.stages import shuffle_dict as mix

v1 = tf.compat.v1


def main(data_dir):
    out_dir = os.path.join(data_dir, 'r28h_names_helper_other_module')
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, 'rows.txt')
    with open(path, 'w') as f:
        for i in range(11):
            f.write('%d,%d\n' % (i, i * i))
    files = v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = v1.TextLineReader().read(files)
    a, b = v1.decode_csv(line, record_defaults=[[0], [0]])
    row = {'a': a, 'b': b * 2}
    mixed = mix(row, capacity=16, seed=7)
    batch = v1.train.batch(mixed, batch_size=3, allow_smaller_final_batch=True)
    batches = []
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(batch)
                batches.append({'a': got['a'].tolist(), 'b': got['b'].tolist()})
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'drained'}
