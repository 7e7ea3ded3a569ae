import os
import tensorflow.compat.v1 as tf

from capo61_lib.queue import Queue
from capo61_lib import roda

BATCH = 4


def main(data_dir):
    caminho = roda.escrever_rodas(os.path.join(data_dir, 'h61_capoeira'))
    pedacos = roda.carregar_em_pedacos(caminho, BATCH)

    q = Queue(batch_size=BATCH)
    media = tf.reduce_mean(q.batch['data'])

    sess = tf.Session()
    q.start(sess, pedacos)
    batches = []
    medias = []
    while True:
        try:
            b, m = sess.run([q.batch['data'], media])
        except tf.errors.OutOfRangeError:
            break
        batches.append([b.tolist()])
        medias.append(round(float(m), 3))
    q.stop()
    sess.close()
    return {"batches": batches, "end": "rodas: %d" % (len(batches) * BATCH)}
