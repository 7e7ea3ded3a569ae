# City building permits exported from the open-data portal as pipe-delimited text
# (permit number | type | ward | estimated cost | status); read with an InteractiveSession and .eval().
import os

import numpy as np
import tensorflow as tf

PERMIT_TYPES = ['NEW', 'ALTER', 'DEMOLISH', 'SIGN']
STATUSES = ['ISSUED', 'PENDING', 'REVOKED']


def write_permits(path):
    rng = np.random.RandomState(40)
    with open(path, 'w') as f:
        for i in range(8):
            f.write('BP-%06d|%s|%d|%d|%s\n' % (rng.randint(0, 999999), PERMIT_TYPES[i % 4], rng.randint(1, 51),
                                              rng.randint(1, 500) * 1000, STATUSES[rng.randint(0, 3)]))


def main(data_dir):
    root = os.path.join(data_dir, 'h40_building_permits')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'permits.txt')
    write_permits(path)

    sess = tf.compat.v1.InteractiveSession()
    filename_queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TextLineReader()
    _, value = reader.read(filename_queue)
    fields = tf.compat.v1.string_split([value], delimiter='|')
    fields = tf.compat.v1.sparse_tensor_to_dense(fields, default_value='')
    fields = tf.reshape(fields, [5])
    permit_no = fields[0]
    permit_type = tf.argmax(tf.cast(tf.equal(fields[1], PERMIT_TYPES), tf.int32), output_type=tf.int32)
    ward = tf.compat.v1.string_to_number(fields[2], out_type=tf.int32)
    cost = tf.compat.v1.string_to_number(fields[3], out_type=tf.float32) / 1000.0
    status = fields[4]
    batch = tf.compat.v1.train.batch([permit_no, permit_type, ward, cost, status], batch_size=3,
                                     allow_smaller_final_batch=True)

    tf.compat.v1.local_variables_initializer().run()
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(coord=coord)
    batches = []
    try:
        while True:
            p, t, w, c, s = sess.run(batch)
            batches.append([[x.decode() for x in p], t.tolist(), w.tolist(),
                            np.round(c.astype(np.float64), 1).tolist(), [x.decode() for x in s]])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    total = sum(sum(b[3]) for b in batches)
    sess.close()
    return {"batches": batches, "end": "permits: %d, cost: %.1fk" % (sum(len(b[0]) for b in batches), total)}
