import type { SeatPreview, Team } from '@loopwright/contracts';
import { countOf } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { TextField } from '../account/forms';
import { day, money } from '../billing/billing-format';
import { FeedbackLine, feedbackOf, type Feedback } from './team-feedback';
import { teamsApi } from './teams-api';

const per = (cycle: SeatPreview['cycle']) => (cycle === 'yearly' ? 'year' : 'month');
const seatWord = (n: number) => countOf(n, 'seat');

/** What the change costs, in words, before the owner confirms it. */
export function SeatPriceText({ preview }: { preview: SeatPreview }) {
  const { seatPrice, newPrice, prorated } = preview;
  if (preview.billing === 'free' || !seatPrice || !newPrice)
    return <p>No charge: seats on this plan are not billed. You will have {seatWord(preview.seats)}.</p>;
  const price = `${money(newPrice.amount, newPrice.currency)}/${per(preview.cycle)} for ${seatWord(preview.seats)} (${money(seatPrice.amount, seatPrice.currency)} each)`;
  if (preview.billing === 'trial')
    return (
      <p>
        Free during your trial. When you subscribe, your plan costs <strong>{price}</strong>, first charged on{' '}
        {day(preview.trialEndsAt)}, when your trial ends.
      </p>
    );
  return (
    <>
      <p>
        New price: <strong>{price}</strong>.
      </p>
      {prorated && prorated.amount !== 0 ? (
        <p>
          {prorated.amount > 0 ? 'Charged for the rest of this period: ' : 'Credited for the rest of this period: '}
          <strong>{money(Math.abs(prorated.amount), prorated.currency)}</strong>, on your next invoice.
        </p>
      ) : null}
    </>
  );
}

/** Review → confirm: the price of `seats` is shown, and nothing changes until Confirm. */
export function SeatConfirm({
  team,
  seats,
  onDone,
  onCancel,
}: {
  team: Team;
  seats: number;
  onDone: (team: Team) => void;
  onCancel: () => void;
}) {
  const [preview, setPreview] = useState<SeatPreview | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    teamsApi.seatsPreview(team.id, seats).then(
      (p) => live && setPreview(p),
      (e: unknown) => live && setFeedback(feedbackOf(e)),
    );
    return () => {
      live = false;
    };
  }, [team.id, seats]);
  const confirm = async () => {
    setBusy(true);
    setFeedback(null);
    try {
      onDone(await teamsApi.seats(team.id, seats));
    } catch (e) {
      setFeedback(feedbackOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="seat-confirm" role="group" aria-label={`Change to ${seatWord(seats)}`}>
      <FeedbackLine feedback={feedback} />
      {preview ? <SeatPriceText preview={preview} /> : feedback ? null : <p>Asking for the price…</p>}
      <div className="acc-panel__actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={!preview || busy}
          onClick={() => void confirm()}
        >
          {preview?.billing === 'charged' ? 'Confirm and pay' : 'Confirm'}
        </button>
      </div>
    </div>
  );
}

/** Settings › Team members › Seats: choose a number, see the price, confirm. */
export function SeatsPanel({ team, onChange }: { team: Team; onChange: (team: Team) => void }) {
  const [seats, setSeats] = useState(String(team.seats.total ?? ''));
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  return (
    <form
      className="acc-panel"
      aria-labelledby="seats-title"
      onSubmit={(event) => {
        event.preventDefault();
        setFeedback(null);
        setReviewing(Number(seats));
      }}
    >
      <h2 id="seats-title">Seats</h2>
      <p className="acc-panel__lead">
        Every active or invited member takes a seat. You see the price before anything changes. Not possible while a
        payment is pending.
      </p>
      <FeedbackLine feedback={feedback} />
      <TextField
        label="Seats"
        type="number"
        min={1}
        max={1000}
        value={seats}
        onChange={(e) => {
          setSeats(e.target.value);
          setReviewing(null);
        }}
      />
      {reviewing === null ? (
        <div className="acc-panel__actions">
          <button type="submit" className="button" disabled={Number(seats) === team.seats.total}>
            Review change
          </button>
        </div>
      ) : (
        <SeatConfirm
          team={team}
          seats={reviewing}
          onCancel={() => setReviewing(null)}
          onDone={(t) => {
            setReviewing(null);
            onChange(t);
            setFeedback({ kind: 'success', text: `Your team now has ${seatWord(t.seats.total ?? reviewing)}.` });
          }}
        />
      )}
    </form>
  );
}

/**
 * On an invitation refused for want of a seat: "Add a seat (+€X/month)" with its price, when the
 * plan allows one more; the confirmed seat is bought and the invitation sent again.
 */
export function AddSeatOffer({ team, onAdded }: { team: Team; onAdded: (team: Team) => void }) {
  const next = (team.seats.total ?? 0) + 1;
  const [preview, setPreview] = useState<SeatPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    let live = true;
    teamsApi.seatsPreview(team.id, next).then(
      (p) => live && setPreview(p),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [team.id, next]);
  if (!preview || (preview.maxSeats !== null && next > preview.maxSeats)) return null;
  if (confirming)
    return <SeatConfirm team={team} seats={next} onCancel={() => setConfirming(false)} onDone={onAdded} />;
  const label =
    preview.seatPrice && preview.billing !== 'free'
      ? `Add a seat (+${money(preview.seatPrice.amount, preview.seatPrice.currency)}/${per(preview.cycle)})`
      : 'Add a seat';
  return (
    <div className="acc-panel__actions">
      <button type="button" className="button button--primary" onClick={() => setConfirming(true)}>
        {label}
      </button>
    </div>
  );
}
