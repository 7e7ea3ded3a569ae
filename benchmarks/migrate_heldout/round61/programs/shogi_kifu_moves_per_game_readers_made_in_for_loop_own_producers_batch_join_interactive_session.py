# 将棋の棋譜を読む練習 (キューとスレッドの勉強用)
# ファイルごとに reader を作って batch_join でまとめる
import os
import numpy as np
import tensorflow.compat.v1 as tf

sess = tf.InteractiveSession()


def write_kifu(folder):
    rng = np.random.RandomState(61)
    os.makedirs(folder, exist_ok=True)
    paths = []
    for g in range(3):
        p = os.path.join(folder, 'kifu_%02d.csv' % g)
        with open(p, 'w') as f:
            for m in range(4):
                f.write('%d,%d,%d,%d\n' % (g, m + 1, rng.randint(11, 100), rng.randint(0, 8)))
        paths.append(p)
    return paths


def main(data_dir):
    global sess
    sess.close()
    sess = tf.InteractiveSession()
    paths = write_kifu(os.path.join(data_dir, 'h61_shogi'))

    example_list = []
    for path in paths:
        # 棋譜ごとにキューと reader
        q = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
        reader = tf.TextLineReader()
        _, line = reader.read(q)
        game, move, square, piece = tf.decode_csv(line, record_defaults=[[0], [0], [0], [0]])
        example_list.append([tf.stack([game, move]), square, piece])

    pos_b, square_b, piece_b = tf.train.batch_join(example_list, batch_size=3, capacity=12)

    tf.global_variables_initializer().run()
    tf.local_variables_initializer().run()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(coord=coord)
    batches = []
    try:
        while not coord.should_stop():
            p, s, k = sess.run([pos_b, square_b, piece_b])
            batches.append([p.tolist(), s.tolist(), k.tolist()])
    except tf.errors.OutOfRangeError:
        pass  # print('棋譜おわり')
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "moves: %d" % (3 * len(batches))}
