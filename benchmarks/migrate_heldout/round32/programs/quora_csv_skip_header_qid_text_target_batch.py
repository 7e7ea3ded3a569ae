"""Quora question classification data_helper: read_data(file_queue) with TextLineReader(skip_header_lines=1),
decode_csv defaults [[0], [''], [0]], create_pipeline(filename, batch_size, num_epochs) batching in order."""
import csv
import os

import tensorflow.compat.v1 as tf

train_data_path = ''
test_data_path = ''


def read_data(file_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    key, value = reader.read(file_queue)
    defaults = [[0], [''], [0]]
    qid, question_text, target = tf.decode_csv(value, defaults)

    return question_text, target


def create_pipeline(filename, batch_size, num_epochs=None):
    file_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs, shuffle=False)
    example, label = read_data(file_queue)

    capacity = 10 + batch_size
    example_batch, label_batch = tf.train.batch(
        [example, label], batch_size=batch_size, capacity=capacity, allow_smaller_final_batch=True
    )

    return example_batch, label_batch


QUESTIONS = [
    "How do I learn Python quickly", "Why is the sky blue", "Is it true that cats rule",
    "What is a queue runner", "Why are some people so rude", "How does a reader work",
    "Can dogs eat apples", "Who invented the coordinator", "Why do politicians lie",
]


def main(data_dir):
    root = os.path.join(data_dir, 'h32_quora')
    os.makedirs(root, exist_ok=True)
    global train_data_path
    train_data_path = os.path.join(root, 'train.csv')
    with open(train_data_path, 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['qid', 'question_text', 'target'])
        for i, q in enumerate(QUESTIONS):
            w.writerow([1000 + i, q, int('Why' in q)])
    text_batch, label_batch = create_pipeline(train_data_path, 4, num_epochs=1)
    lengths = tf.strings.length(text_batch)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                t, y, n = sess.run([text_batch, label_batch, lengths])
                batches.append([[s.decode(), int(l), int(k)] for s, l, k in zip(t, y, n)])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': [[list(column) for column in zip(*rows)] for rows in batches], 'end': 'questions exhausted after %d batches' % len(batches)}
