"""A list of placeholders handed to a function of the same module (dtypes/shapes by comprehensions over the list,
fed by dict(zip(...))), the batch read with its names."""
import threading

from tensorflow.compat import v1 as tf

from r33f_lib import rows


def run_queue(placeholders, path, names):
    queue = tf.FIFOQueue(capacity=12, dtypes=[p.dtype for p in placeholders],
                         shapes=[p.shape[1:] for p in placeholders])
    enqueue_op = queue.enqueue_many([p for p in placeholders])
    close_op = queue.close()
    batch = queue.dequeue_many(3)

    def thread_main(sess):
        for data in rows.chunks(path, 4):
            sess.run(enqueue_op, feed_dict=dict(zip(placeholders, data)))
        sess.run(close_op)

    out = []
    sess = tf.Session()
    t = threading.Thread(target=thread_main, args=(sess,))
    t.start()
    try:
        while True:
            b = sess.run(batch)
            out.append({k: v.tolist() for k, v in zip(names, b)})
    except tf.errors.OutOfRangeError:
        out.append('OutOfRangeError')
    t.join()
    sess.close()
    return out


def main(data_dir):
    path = rows.write_hours(data_dir, 'listed')
    placeholders = [tf.placeholder(tf.float32, shape=[None, 3]), tf.placeholder(dtype=tf.int32, shape=[None])]
    batches = run_queue(placeholders, path, ['features', 'count'])
    return {'batches': batches[:-1], 'end': batches[-1]}
