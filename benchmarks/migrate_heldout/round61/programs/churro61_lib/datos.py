import os
import numpy as np


def generar(carpeta, n=13):
    rng = np.random.RandomState(61)
    os.makedirs(carpeta, exist_ok=True)
    ruta = os.path.join(carpeta, 'churrerias.tsv')
    puestos = ['San Gines', 'La Antigua', 'Los Artesanos']
    with open(ruta, 'w') as f:
        for i in range(n):
            f.write('%s\t%d\t%d\t%d\n' % (puestos[i % 3], rng.randint(20, 90), rng.randint(5, 40),
                                          rng.randint(0, 10)))
    return ruta


def leer(ruta):
    filas = []
    for linea in open(ruta):
        p = linea.rstrip('\n').split('\t')
        filas.append(([float(v) for v in p[1:]], p[0]))
    return filas
