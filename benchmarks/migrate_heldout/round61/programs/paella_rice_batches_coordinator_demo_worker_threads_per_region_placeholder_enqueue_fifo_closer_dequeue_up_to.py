# -*- coding: utf-8 -*-
# Tutorial: hilos y colas en TensorFlow con tf.train.Coordinator
# Cada hilo (una región) lee su fichero de paellas y mete las filas en la cola con un placeholder.
import os
import threading
import numpy as np
import tensorflow.compat.v1 as tf

REGIONES = ['valencia', 'alicante', 'castellon']


def escribir_datos(carpeta):
    rng = np.random.RandomState(61)
    os.makedirs(carpeta, exist_ok=True)
    for k, region in enumerate(REGIONES):
        with open(os.path.join(carpeta, region + '.csv'), 'w') as f:
            for i in range(4):
                f.write('%d,%d,%.1f\n' % (k * 10 + i, rng.randint(2, 12), rng.uniform(15, 25)))


def MiBucle(coord, sess, enqueue_op, ph_id, ph_x, fichero):
    # Cada hilo comprueba should_stop antes de meter cada fila
    with open(fichero) as f:
        filas = [l.strip().split(',') for l in f if l.strip()]
    for fila in filas:
        if coord.should_stop():
            break
        sess.run(enqueue_op, feed_dict={ph_id: int(fila[0]),
                                        ph_x: [float(fila[1]), float(fila[2])]})


def main(data_dir):
    carpeta = os.path.join(data_dir, 'h61_paella')
    escribir_datos(carpeta)

    ph_id = tf.placeholder(tf.int32, shape=[])
    ph_x = tf.placeholder(tf.float32, shape=[2])
    cola = tf.FIFOQueue(capacity=6, dtypes=[tf.int32, tf.float32], shapes=[[], [2]])
    enqueue_op = cola.enqueue([ph_id, ph_x])
    cerrar = cola.close()
    ids, xs = cola.dequeue_up_to(4)

    sess = tf.Session()
    coord = tf.train.Coordinator()
    hilos = [threading.Thread(target=MiBucle,
                              args=(coord, sess, enqueue_op, ph_id, ph_x,
                                    os.path.join(carpeta, r + '.csv')))
             for r in REGIONES]
    for t in hilos:
        t.start()

    def cerrador():
        coord.join(hilos)
        sess.run(cerrar)

    t_cierre = threading.Thread(target=cerrador)
    t_cierre.start()

    batches = []
    while True:
        try:
            i, x = sess.run([ids, xs])
        except tf.errors.OutOfRangeError:
            break
        batches.append([i.tolist(), x.tolist()])
    t_cierre.join()
    sess.close()
    return {"batches": batches, "end": "paellas: %d" % sum(len(b[0]) for b in batches)}
