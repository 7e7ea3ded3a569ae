import os
import tensorflow.compat.v1 as tf

from churro61_lib import feeder, datos


def main(data_dir):
    ruta = datos.generar(os.path.join(data_dir, 'h61_churro'))
    filas = datos.leer(ruta)

    q = feeder.build()
    ventas, puestos = q.dequeue_up_to(5)
    total = tf.reduce_sum(ventas, axis=1)

    feeder.open_session()
    t = feeder.start(filas)
    batches = []
    while True:
        try:
            v, p, s = feeder.sess.run([ventas, puestos, total])
        except tf.errors.OutOfRangeError:
            break
        batches.append([v.tolist(), [x.decode() for x in p], s.tolist()])
    t.join()
    feeder.sess.close()
    return {"batches": batches, "end": "filas: %d" % sum(len(b[1]) for b in batches)}
