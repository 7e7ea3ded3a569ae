"""A FIFOQueue stage without shapes= run by three threads ([op] * 3), its dequeue bound to one name and indexed,
the shapes set after it; then a shuffle_batch."""
import tensorflow.compat.v1 as tf

from fixm_lib.signals import signal_files


def main(data_dir):
    files = signal_files(data_dir, 'fixm_threads')
    filename_queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    letter, dots, dashes, millis = tf.decode_csv(line, record_defaults=[[''], [0], [0], [0]])
    features = tf.stack([dots, dashes, millis])
    queue = tf.FIFOQueue(32, [tf.string, tf.int32])
    op = queue.enqueue([letter, features])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [op] * 3))
    example = queue.dequeue()
    example[0].set_shape([])
    example[1].set_shape([3])
    letters, feats = tf.train.shuffle_batch([example[0], example[1]], batch_size=4, capacity=20,
                                            min_after_dequeue=5, seed=3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(100):
                l, f = sess.run([letters, feats])
                batches.append([[x.decode() for x in l], f.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'out of range'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
