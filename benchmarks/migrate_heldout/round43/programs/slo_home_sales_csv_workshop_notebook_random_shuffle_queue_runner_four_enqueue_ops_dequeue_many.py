"""San Luis Obispo home sales (a course's RealEstate.csv) read the way a queue-pipeline workshop
notebook does it, cell by cell: filename queue, TextLineReader, decode_csv and a stacked feature
vector, then a hand-made RandomShuffleQueue filled by a QueueRunner with four copies of the
enqueue op, and `dequeue_many` until the closed queue runs dry."""
import os

import numpy as np
np.random.seed(1234)
import tensorflow.compat.v1 as tf

LOCATIONS = ['Arroyo Grande', 'Paso Robles', 'Santa Maria-Orcutt', 'Nipomo', 'Los Osos']
STATUSES = ['Regular', 'Short Sale', 'Foreclosure']


def main(data_dir):
    folder = os.path.join(data_dir, 'h43_slo_home_sales')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'RealEstate.csv')

    # In [2]: write the toy data
    rng = np.random.RandomState(1234)
    f = open(path, "w")
    f.write("MLS,Location,Price,Bedrooms,Bathrooms,Size,Price SQ Ft,Status\n")
    for i in range(12):
        size = rng.randint(800, 3000)
        price = size * rng.randint(120, 480)
        f.write("{},{},{},{},{},{},{:.2f},{}\n".format(
            150000 + 37 * i, LOCATIONS[rng.randint(5)], price, rng.randint(1, 5), rng.randint(1, 4),
            size, price / float(size), STATUSES[rng.randint(3)]))
    f.close()

    # In [3]: the TensorFlow readers
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    mls, location, price, beds, baths, size, ppsf, status = tf.decode_csv(
        line, record_defaults=[[0], [""], [1.0], [1.0], [1.0], [1.0], [1.0], [""]])
    status_id = tf.argmax(tf.cast(tf.equal(tf.constant(STATUSES), status), tf.int32))
    values = tf.stack([price / 1000.0, beds, baths, size, ppsf, tf.cast(status_id, tf.float32)])

    # In [4]: the queue
    batch_size = 4
    queue = tf.RandomShuffleQueue(capacity=20, min_after_dequeue=8, dtypes=[tf.int32, tf.float32],
                                  shapes=[[], [6]], seed=1234)
    enqueue_op = queue.enqueue([mls, values])
    qr = tf.train.QueueRunner(queue, [enqueue_op] * 4)
    tf.train.add_queue_runner(qr)
    mls_batch, values_batch = queue.dequeue_many(batch_size)

    # In [5]: run it
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            m, v = sess.run([mls_batch, values_batch])
            batches.append([m.tolist(), np.round(v.astype(np.float64), 4).tolist()])
    except tf.errors.OutOfRangeError:
        end = "queue exhausted"
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
