# Problem 3 (queues): pad the variable-length jamo id sequences yourself.
# Build a PaddingFIFOQueue, fill it with a QueueRunner, and dequeue_many.
import os
import numpy as np
import tensorflow.compat.v1 as tf

BATCH_SIZE = 3


def make_lines(folder):
    rng = np.random.RandomState(61)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'jamo_ids.txt')
    with open(path, 'w') as f:
        for i in range(9):
            n = rng.randint(2, 7)
            f.write(' '.join(str(v) for v in rng.randint(1, 40, size=n)) + '\n')
    return path


def main(data_dir):
    path = make_lines(os.path.join(data_dir, 'h61_hangul'))

    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    ids = tf.string_to_number(tf.string_split([line], delimiter=' ').values, out_type=tf.int32)
    length = tf.size(ids)

    # TODO(student): your queue here
    queue = tf.PaddingFIFOQueue(capacity=20, dtypes=[tf.int32, tf.int32], shapes=[[None], []])
    enqueue_op = queue.enqueue([ids, length])
    qr = tf.train.QueueRunner(queue, [enqueue_op])
    tf.train.add_queue_runner(qr)
    padded, lengths = queue.dequeue_many(BATCH_SIZE)

    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            p, l = sess.run([padded, lengths])
            batches.append([p.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "lines: %d" % (BATCH_SIZE * len(batches))}
