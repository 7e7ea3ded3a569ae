'''
An example to demonstrate TensorFlow input queue shuffling
scrabble plays: the word laid and its score

'''
# Tutorial script, after an unnamed "Win Woo" shuffling example: two Python lists, a `next(input_queue)` helper
# (shadowing the builtin), `sess.as_default()`, `try` / `except OutOfRangeError` / `finally`, no batch op.

import os

import tensorflow.compat.v1 as tf

WORDS = ["QI", "ZAX", "JINX", "OXO", "FEZ", "KAYAK", "QUA", "ZEN", "JAB", "VEX"]


def next(input_queue):
    return input_queue[0], input_queue[1]


def main(data_dir):
    out = os.path.join(data_dir, "h69_scrabble")
    os.makedirs(out, exist_ok=True)
    letter_score = {"Q": 10, "Z": 10, "J": 8, "X": 8, "K": 5, "F": 4, "V": 4, "Y": 4,
                    "A": 1, "E": 1, "I": 1, "N": 1, "O": 1, "U": 1, "B": 3}
    with open(os.path.join(out, "plays.txt"), "w") as f:
        for w in WORDS:
            f.write("%s %d\n" % (w, sum(letter_score[c] for c in w)))

    x_, y_ = [], []
    for line in open(os.path.join(out, "plays.txt")):
        word, score = line.split()
        x_.append(word)
        y_.append(int(score))

    input_queue = tf.train.slice_input_producer([x_, y_],
        num_epochs=1, shuffle=True, seed=69)

    x_, y_ = next(input_queue)

    sess = tf.Session()
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess.run(init_op)

    batches = []
    with sess.as_default():
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)

        try:
            while not coord.should_stop():
                x, y = sess.run([x_, y_])
                print(x, y)
                batches.append([x.decode(), int(y)])

        except tf.errors.OutOfRangeError:
            print("done!")

        finally:
            coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "plays: %d" % len(batches)}
