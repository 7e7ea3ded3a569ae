# -*- coding: utf-8 -*-
# Счёты соробан: упражнения на сложение. Пример из блога: range_input_producer как индекс по массиву numpy.
import os
import numpy as np
import tensorflow.compat.v1 as tf

BATCH_SIZE = 4
N = 12


def main(data_dir):
    folder = os.path.join(data_dir, 'h61_soroban')
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(61)
    a = rng.randint(0, 1000, size=(N, 3)).astype(np.int32)
    np.savez(os.path.join(folder, 'drills.npz'), terms=a, answer=a.sum(axis=1).astype(np.int32))

    data = np.load(os.path.join(folder, 'drills.npz'))
    # Массивы превращаем в константы графа
    terms = tf.constant(data['terms'])
    answer = tf.constant(data['answer'])

    # Очередь индексов: одна эпоха, без перемешивания
    i = tf.train.range_input_producer(N, num_epochs=1, shuffle=False).dequeue()
    x = tf.gather(terms, i)
    y = tf.gather(answer, i)

    x_batch, y_batch = tf.train.batch([x, y], batch_size=BATCH_SIZE)

    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while not coord.should_stop():
            xb, yb = sess.run([x_batch, y_batch])
            batches.append([xb.tolist(), yb.tolist()])
    except tf.errors.OutOfRangeError:
        pass  # print(u'Готово')
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "drills: %d" % (BATCH_SIZE * len(batches))}
