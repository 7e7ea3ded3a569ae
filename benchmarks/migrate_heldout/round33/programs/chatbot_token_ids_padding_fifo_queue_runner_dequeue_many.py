"""Chatbot reply lines of space-separated token ids: string_split + string_to_number, a hand-built
PaddingFIFOQueue(shapes=[[None], []]) with a QueueRunner, dequeue_many(3); padding stripped by length."""
import os

import tensorflow.compat.v1 as tf

PAD, EOS = 0, 2


def main(data_dir):
    folder = os.path.join(data_dir, "h33_chatbot")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "replies.ids")
    with open(path, "w") as f:
        for i in range(9):
            f.write(" ".join(str(5 + (i * 3 + k) % 20) for k in range(1 + i % 4)) + "\n")
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    tokens = tf.string_to_number(tf.string_split([line], " ").values, out_type=tf.int32)
    tokens = tf.concat([tokens, [EOS]], 0)
    length = tf.shape(tokens)[0]

    queue = tf.PaddingFIFOQueue(capacity=12, dtypes=[tf.int32, tf.int32], shapes=[[None], []])
    enqueue_op = queue.enqueue([tokens, length])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op]))
    padded, lengths = queue.dequeue_many(3)
    mask = tf.sequence_mask(lengths, dtype=tf.int32)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                p, l, m = sess.run([padded, lengths, mask])
                batches.append([[row[:n].tolist() for row, n in zip(p, l)], l.tolist(),
                                [sum(r) for r in m.tolist()]])
        except tf.errors.OutOfRangeError:
            end = "replies read: %d" % sum(len(b[1]) for b in batches)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
