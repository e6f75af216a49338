import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { TourState } from './tour-state';
import { toursApi } from '../../tours/tours-api';

/** The tour of a diagram, loaded once; `?tour=1` in the address starts it (a tutorial just opened). */
export function useDiagramTour(fuid: string): TourState {
  const [tour] = useState(() => new TourState());
  const [params] = useSearchParams();
  const autoplay = params.get('tour') === '1';
  useEffect(() => {
    let live = true;
    toursApi.ofDiagram(fuid).then(
      (steps) => {
        if (!live) return;
        tour.saved.set(steps);
        tour.steps.set(steps);
        if (autoplay) tour.play();
      },
      (e: unknown) => {
        // A diagram without a tour has no steps (200); an error leaves the panel empty too.
        if (!(e instanceof ApiError)) console.error(e);
      },
    );
    return () => {
      live = false;
    };
  }, [fuid, tour, autoplay]);
  return tour;
}
