"""Sorting essays by length before batching: a PriorityQueue (priority = length * 100 + line number) is
filled by one runner thread from a TextLineReader, the runner is joined, then the queue is drained in
priority order with dequeue_many and each batch is padded by string_split + sparse_tensor_to_dense."""
import os

import tensorflow.compat.v1 as tf

TEXTS = ['the cat sat', 'a', 'dogs run fast today', 'one two', 'rain again and again and',
         'hello world', 'short', 'this essay has five words', 'sun', 'x y z', 'we can go home now ok', 'tea']


def main(data_dir):
    folder = os.path.join(data_dir, 'h24_essays_priority_queue_length_sort')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'essays.txt')
    with open(path, 'w') as f:
        f.write('\n'.join(TEXTS) + '\n')

    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    key, line = reader.read(filename_queue)
    line_no = tf.strings.to_number(tf.strings.regex_replace(key, '.*:', ''), tf.int64)
    length = tf.size(tf.string_split([line]).values, out_type=tf.int64)
    priority = length * 100 + line_no

    sorter = tf.PriorityQueue(64, [tf.string, tf.int64], shapes=[[], []], name='length_sorter')
    enqueue = sorter.enqueue([priority, line, length])
    runner = tf.train.QueueRunner(sorter, [enqueue])
    _, lines, lengths = sorter.dequeue_many(4)
    words = tf.sparse_tensor_to_dense(tf.string_split(lines), default_value='<pad>')

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        producer_threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        sorter_threads = runner.create_threads(sess, start=True)
        for t in sorter_threads:
            t.join()  # the runner closes the sorter once the reader runs dry
        end = 'steps'
        while True:
            try:
                w, n = sess.run([words, lengths])
            except tf.errors.OutOfRangeError:
                end = 'OutOfRangeError'
                break
            batches.append([[[t.decode() for t in row] for row in w], n.tolist()])
        coord.request_stop()
        coord.join(producer_threads)
    return {'batches': batches, 'end': end}
