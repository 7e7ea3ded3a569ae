"""Quora insincere questions: CSV with header, first-word vocab lookup, shuffle_batch (after a Bi-LSTM data_helper)."""
import os

import tensorflow as tf

tf1 = tf.compat.v1

VOCAB = ["<unk>", "how", "what", "why", "is", "can", "do"]
ROWS = [
    (i, "%s question number %d" % (VOCAB[1 + i % 6], i), i % 2) for i in range(12)
]


def write_data(root):
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, "train.csv")
    with open(path, "w") as f:
        f.write("qid,question_text,target\n")
        for qid, text, target in ROWS:
            f.write("%d,%s,%d\n" % (qid, text, target))
    return path


def read_data(file_queue):
    reader = tf1.TextLineReader(skip_header_lines=1)
    _, value = reader.read(file_queue)
    defaults = [[0], [""], [0]]
    qid, question_text, target = tf1.decode_csv(value, defaults)
    return qid, question_text, target


def build_table():
    init = tf1.lookup.KeyValueTensorInitializer(tf.constant(VOCAB), tf.range(len(VOCAB), dtype=tf.int64))
    return tf1.lookup.StaticHashTable(init, 0)


def create_pipeline(filename, batch_size, num_epochs=None):
    file_queue = tf1.train.string_input_producer([filename], num_epochs=num_epochs)
    qid, question_text, target = read_data(file_queue)
    words = tf1.string_split([question_text], delimiter=" ")
    first = tf1.sparse.to_dense(words, default_value="")[0, 0]
    n_words = tf.shape(words.values)[0]
    first_id = build_table().lookup(first)
    min_after_dequeue = 4
    capacity = min_after_dequeue + 3 * batch_size
    return tf1.train.shuffle_batch(
        [qid, first_id, n_words, target], batch_size=batch_size, capacity=capacity,
        min_after_dequeue=min_after_dequeue)


def main(data_dir):
    path = write_data(os.path.join(data_dir, "h27_quora_questions_skip_header_vocab_shuffle_batch"))
    qid_b, first_b, len_b, target_b = create_pipeline(path, batch_size=4, num_epochs=1)
    batches = []
    with tf1.Session() as sess:
        sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer(), tf1.tables_initializer()])
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                q, f, n, t = sess.run([qid_b, first_b, len_b, target_b])
                batches.append([q.tolist(), f.tolist(), n.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            end = "epoch limit reached"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
