"""Bi-LSTM insincere question classification: the CSV data helper and its queue pipeline."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

train_data_path = ''
test_data_path = ''

WORDS = ['how', 'why', 'do', 'is', 'the', 'best', 'way', 'people', 'learn', 'india', 'trump', 'python']


def write_questions(path):
    rng = np.random.RandomState(99)
    with open(path, 'w') as f:
        f.write('qid,question_text,target\n')
        for i in range(12):
            words = list(rng.choice(WORDS, size=rng.randint(3, 7)))
            text = ' '.join(words)
            if i % 4 == 1:
                text = '"%s, %s"' % (words[0], ' '.join(words[1:]))
            f.write('%d,%s,%d\n' % (1000 + i, text, rng.randint(0, 2)))


def read_data(file_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    key, value = reader.read(file_queue)
    defaults = [[0], [''], [0]]
    qid, question_text, target = tf.decode_csv(value, defaults)
    return qid, question_text, target


def create_pipeline(filename, batch_size, num_epochs=None):
    file_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs)
    qid, example, label = read_data(file_queue)

    min_after_dequeue = 4
    capacity = min_after_dequeue + batch_size
    qid_batch, example_batch, label_batch = tf.train.shuffle_batch(
        [qid, example, label], batch_size=batch_size, capacity=capacity,
        min_after_dequeue=min_after_dequeue
    )
    return qid_batch, example_batch, label_batch


def main(data_dir):
    global train_data_path
    folder = os.path.join(data_dir, 'h31_quora_questions')
    os.makedirs(folder, exist_ok=True)
    train_data_path = os.path.join(folder, 'train.csv')
    write_questions(train_data_path)

    qid_batch, example_batch, label_batch = create_pipeline(train_data_path, 4, num_epochs=1)
    num_words = tf.size(tf.string_split(example_batch).values)
    example = tf.strings.length(example_batch)

    batches = []
    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            q, e, l, n = sess.run([qid_batch, example_batch, label_batch, example])
            batches.append({'qid': q.tolist(), 'question': [s.decode() for s in e], 'target': l.tolist(),
                            'length': n.tolist()})
    except tf.errors.OutOfRangeError:
        end = 'Done training -- epoch limit reached'
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
