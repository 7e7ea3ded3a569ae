"""The programmer's guide shape: the stage's runner made by name and started by hand (create_threads), the
dequeue unpacked, then a batch_join over the one list of dequeued tensors."""
import tensorflow.compat.v1 as tf

from fixm_lib.signals import signal_files


def main(data_dir):
    files = signal_files(data_dir, 'fixm_doc')
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    letter, dots, dashes, millis = tf.decode_csv(line, record_defaults=[[''], [0], [0], [0]])
    queue = tf.FIFOQueue(capacity=8, dtypes=[tf.string, tf.int32], shapes=[[], []])
    enqueue_op = queue.enqueue([letter, dots * 10 + dashes])
    qr = tf.train.QueueRunner(queue, [enqueue_op])
    letter_out, code_out = queue.dequeue()
    letters, codes = tf.train.batch_join([[letter_out, code_out]], batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        enqueue_threads = qr.create_threads(sess, coord=coord, start=True)
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                l, c = sess.run([letters, codes])
                batches.append([[a.decode() for a in l], c.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'done'
        finally:
            coord.request_stop()
            coord.join(enqueue_threads + threads)
    return {'batches': batches, 'end': end}
